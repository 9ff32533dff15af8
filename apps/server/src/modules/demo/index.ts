// The demo module's surface: what other modules and the wiring may import (docs/modules.md).
export { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAthlete } from './seed.ts';
