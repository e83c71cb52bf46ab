/* globalTeardown of the PostgreSQL projects: see postgres-setup.js. */
"use strict"

module.exports = require("./postgres-setup").teardown
