/** The first-start admin's password of the database tests: the template's seed and every test file use this one. */
export const TEST_ADMIN_PASSWORD = "Admin-Passw0rd!";
