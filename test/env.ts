// The settings every test process runs with: the workers (test/setup.ts) and the run's global setup
// (test/global-setup.ts), which seeds the template databases the workers clone, so both hash the demo's
// tokens and passwords alike.
process.env.APP_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.EXPOSE_SQL_COUNT = "true";
// Logins and the demo seed hash passwords: at the production cost (2^15) each hash is tens of
// milliseconds of CPU, so a rate-limit test would scale with the machine's speed. 2^10 keeps the same
// code path at a fraction of a millisecond; env.ts refuses a cost below 15 outside NODE_ENV=test.
process.env.PASSWORD_HASH_COST ??= "10";
