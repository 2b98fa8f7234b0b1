import { wakeUp } from "../lib/wake-up.tsx";

// The page arrives prerendered and works without this; how it wakes up: lib/wake-up.tsx.
wakeUp();
