/**
 * The device topics of docs/device-protocol.md and who may use them. A device publishes under its own
 * serial only and subscribes only to its own command topic; the cloud's client may use every topic.
 */
export const CLOUD_USERNAME = 'kerf-cloud';

/** What a device publishes. */
export const DEVICE_UPLINK = ['state', 'telemetry', 'event', 'ack', 'job'] as const;
export type DeviceUplink = (typeof DEVICE_UPLINK)[number];

export type BrokerIdentity = { kind: 'cloud' } | { kind: 'device'; serial: string };

/** Checks a device's MQTT sign-in: user name = machine code, password = its claimed credential. */
export interface DeviceAccess {
  /** The device's serial when the credential is its working one, else null. */
  check(username: string, password: string): Promise<string | null>;
}

export const deviceStateTopic = (serial: string) => `dev/${serial}/state`;
export const deviceCommandTopic = (serial: string) => `dev/${serial}/cmd`;
/**
 * What the cloud subscribes to, with the QoS it asks for; with several instances, a shared subscription
 * gives each message to one. Telemetry comes at QoS 0: it is most of the traffic, only a sign of life
 * that the next message repeats, so the broker need not hold it for the cloud or wait for its answer.
 * States, events, answers and job reports are kept for the cloud (QoS 1) while it restarts.
 */
export const uplinkSubscriptions = (shareGroup?: string): Record<string, { qos: 0 | 1 }> =>
  Object.fromEntries(
    DEVICE_UPLINK.map((kind) => [
      shareGroup ? `$share/${shareGroup}/dev/+/${kind}` : `dev/+/${kind}`,
      { qos: kind === 'telemetry' ? 0 : 1 },
    ]),
  );

/** `dev/{serial}/{kind}` → its parts, or null for any other topic. */
export function parseDeviceTopic(topic: string): { serial: string; kind: DeviceUplink | 'cmd' } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'dev' || !parts[1]) return null;
  const kind = parts[2] as DeviceUplink | 'cmd';
  if (kind !== 'cmd' && !DEVICE_UPLINK.includes(kind)) return null;
  return { serial: parts[1], kind };
}

export function deviceMayPublish(serial: string, topic: string): boolean {
  const parsed = parseDeviceTopic(topic);
  return parsed !== null && parsed.serial === serial && parsed.kind !== 'cmd';
}

export function deviceMaySubscribe(serial: string, topic: string): boolean {
  return topic === deviceCommandTopic(serial);
}
