// The server secret of every test instance (lib/secret-box.ts): the instances of a test share one, as the instances of
// a deployment must (README, 'Running several instances': SECRET_KEY) — a key sealed by one opens on another.
export const TEST_SECRET_KEY = 'volant-tests-shared-server-secret';
