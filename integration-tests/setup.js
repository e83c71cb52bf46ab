// setupFiles of every jest project (jest.config.js): runs in each test file's environment first.

// Medusa logs every boot step at "info"; warnings and errors are what a test run needs
// (`LOG_LEVEL=info npm test` shows the rest).
if (!process.env.LOG_LEVEL) process.env.LOG_LEVEL = "warn"

const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()
