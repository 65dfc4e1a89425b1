export { Fleet, type FleetOptions } from './fleet.js';
export { type Credential, KerfApi, loadCredentials, provision, type SimMachineCodes, simCodes } from './provision.js';
export {
  type Behaviour,
  DEFAULT_BEHAVIOUR,
  type MachineLink,
  SimulatedMachine,
  seededRandom,
} from './simulated-machine.js';
