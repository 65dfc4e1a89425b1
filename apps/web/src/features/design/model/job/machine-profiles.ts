import type { LaserType, MachineSettings } from '@kerf/laser';

/**
 * Machine profiles: what a job needs to know of the machine it runs on. The work area on the canvas
 * follows the profile's bed; the G-code takes its power scale, origin, speeds and accessories.
 */
export interface MachineProfile {
  id: string;
  name: string;
  /** Kerf's own profiles cannot be edited or deleted, only copied. */
  builtIn: boolean;
  laserType: LaserType;
  /** Bed, mm. */
  bedWidth: number;
  bedHeight: number;
  /** Where the machine's (0, 0) is. */
  origin: MachineSettings['origin'];
  /** Rated laser power, W. */
  machinePower: number;
  /** The S value of full power (GRBL $30). */
  maxS: number;
  /** Fastest cutting speed the machine is rated for, mm/s: layers above it are flagged. */
  maxCutSpeed: number;
  /** Rapid (travel) speed, mm/s. */
  travelSpeed: number;
  /** mm/s². */
  acceleration: number;
  zAxis: boolean;
  airAssist: MachineSettings['airAssist'];
  /** GRBL's M4: power follows speed on the controller. */
  dynamicPower: boolean;
}

const GRBL_DEFAULTS = { origin: 'bottom-left', maxS: 1000, zAxis: false, dynamicPower: true } as const;

/** A few common machines, so a new user gets a sensible bed and power scale at once. */
export const BUILT_IN_PROFILES: readonly MachineProfile[] = [
  {
    ...GRBL_DEFAULTS,
    id: 'desktop-400',
    name: 'Desktop 400 × 400 mm · 20 W',
    builtIn: true,
    laserType: 'gas',
    bedWidth: 400,
    bedHeight: 400,
    machinePower: 20,
    maxCutSpeed: 400,
    travelSpeed: 200,
    acceleration: 2000,
    airAssist: 'M8',
  },
  {
    ...GRBL_DEFAULTS,
    id: 'co2-600x400',
    name: 'CO₂ 600 × 400 mm · 60 W',
    builtIn: true,
    laserType: 'gas',
    bedWidth: 600,
    bedHeight: 400,
    machinePower: 60,
    maxCutSpeed: 500,
    travelSpeed: 400,
    acceleration: 3000,
    airAssist: 'M8',
  },
  {
    ...GRBL_DEFAULTS,
    id: 'co2-1300x900',
    name: 'CO₂ 1300 × 900 mm · 100 W',
    builtIn: true,
    laserType: 'gas',
    bedWidth: 1300,
    bedHeight: 900,
    machinePower: 100,
    maxCutSpeed: 600,
    travelSpeed: 500,
    acceleration: 3000,
    airAssist: 'M8',
    zAxis: true,
  },
  {
    ...GRBL_DEFAULTS,
    id: 'fiber-110',
    name: 'Fibre 110 × 110 mm · 30 W',
    builtIn: true,
    laserType: 'fiber',
    bedWidth: 110,
    bedHeight: 110,
    origin: 'top-left',
    machinePower: 30,
    maxCutSpeed: 7000,
    travelSpeed: 4000,
    acceleration: 20000,
    airAssist: 'none',
  },
];

export const DEFAULT_PROFILE = BUILT_IN_PROFILES[0]!;

/** The core's machine settings for a profile (the bed bounds every move). */
export function machineSettingsOf(profile: MachineProfile): MachineSettings {
  return {
    maxS: profile.maxS,
    machinePower: profile.machinePower,
    travelSpeed: profile.travelSpeed,
    acceleration: profile.acceleration,
    origin: profile.origin,
    zAxis: profile.zAxis,
    airAssist: profile.airAssist,
    dynamicPower: profile.dynamicPower,
    bedWidth: profile.bedWidth,
    bedHeight: profile.bedHeight,
  };
}

/** Field limits of a user's own profile. */
export const PROFILE_LIMITS = {
  bed: { min: 10, max: 5000 },
  machinePower: { min: 0.1, max: 20_000 },
  maxS: { min: 1, max: 100_000 },
  speed: { min: 1, max: 100_000 },
  acceleration: { min: 1, max: 1_000_000 },
} as const;

/** The field keys of a profile that is not usable, in the order a form shows them. */
export function profileProblems(p: MachineProfile): (keyof MachineProfile)[] {
  const within = (v: number, r: { min: number; max: number }) => Number.isFinite(v) && v >= r.min && v <= r.max;
  const bad: (keyof MachineProfile)[] = [];
  if (p.name.trim() === '') bad.push('name');
  if (!within(p.bedWidth, PROFILE_LIMITS.bed)) bad.push('bedWidth');
  if (!within(p.bedHeight, PROFILE_LIMITS.bed)) bad.push('bedHeight');
  if (!within(p.machinePower, PROFILE_LIMITS.machinePower)) bad.push('machinePower');
  if (!within(p.maxS, PROFILE_LIMITS.maxS)) bad.push('maxS');
  if (!within(p.maxCutSpeed, PROFILE_LIMITS.speed)) bad.push('maxCutSpeed');
  if (!within(p.travelSpeed, PROFILE_LIMITS.speed)) bad.push('travelSpeed');
  if (!within(p.acceleration, PROFILE_LIMITS.acceleration)) bad.push('acceleration');
  return bad;
}

/** Every profile a user can pick: Kerf's, then the user's own. */
export function allProfiles(own: readonly MachineProfile[]): MachineProfile[] {
  return [...BUILT_IN_PROFILES, ...own];
}

export function findProfile(own: readonly MachineProfile[], id: string | null | undefined): MachineProfile {
  return allProfiles(own).find((p) => p.id === id) ?? DEFAULT_PROFILE;
}
