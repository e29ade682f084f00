import { loadSimConfig } from './sim-config';
import { createVendorSim } from './sim-server';

/** The simulated external vendor service: `npm start` at the root starts it beside the server. */
const config = loadSimConfig();
const sim = createVendorSim(config);
await sim.listen();
console.log(
  `vendor-sim listening on ${config.publicUrl} (${config.vendors.map((vendor) => `${vendor.platform}: ${vendor.wallet}`).join(', ')}), calling ${config.serverUrl}`,
);
const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
