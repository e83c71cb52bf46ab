import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

// A store's medusa-config.ts as create-medusa-app writes it, plus the plugin exactly as the
// README's "Installing it in a store" shows it (the install test checks that the two agree).
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  // README:plugins:start
  plugins: [
    {
      resolve: "medusa-plugin-hub",
      options: {
        baseUrl: process.env.HUB_BASE_URL,                 // e.g. https://api.hub.example/v3
        userEmail: process.env.HUB_USER_EMAIL,
        apiKey: process.env.HUB_API_KEY,
        accountManagerKey: process.env.HUB_ACCOUNT_MANAGER_KEY,
        sandbox: process.env.HUB_SANDBOX === "true",       // only for a test account
      },
    },
  ],
  // README:plugins:end
})
