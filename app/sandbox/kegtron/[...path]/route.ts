import { handleKegtronSandbox } from "@/sandbox/kegtron/server";

export const dynamic = "force-dynamic";

// /sandbox/kegtron/* — the Kegtron Pro sandbox over HTTP (docs/keg-sensors.md): a device document to
// poll, and pours, temperatures, resets and failures for the simulator. The app's own poller calls it
// in-process (lib/taps/sensors/kegtron-transport.ts).
const serve = (request: Request) => handleKegtronSandbox(request);
export { serve as GET, serve as POST };
