import { useCheapCostInTests } from '../modules/auth/password.js';

// Every test worker of the server and client projects: staff passwords hashed at a cheap cost (the
// production cost is proven by features/auth/password-cost.test.ts in a process of the portal's own).
useCheapCostInTests();
