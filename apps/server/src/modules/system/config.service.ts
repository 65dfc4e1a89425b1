import type { ConfigEntry, ConfigRepository } from './config.repository.js';

/** Parameters Kerf ships with; features add theirs here. Values are strings, as an admin edits them. */
export const BUILTIN_CONFIG: ConfigEntry[] = [
  {
    configKey: 'sys.account.captchaEnabled',
    configValue: 'false',
    configName: 'Always require the image captcha at sign-in',
    builtin: true,
    remark: 'true: every sign-in shows the image captcha; false: only after repeated failures',
  },
  {
    configKey: 'sys.account.registerUser',
    configValue: 'true',
    configName: 'Allow self-registration',
    builtin: true,
    remark: 'false hides the register page and refuses registrations',
  },
];

export class ConfigService {
  constructor(private readonly configs: ConfigRepository) {}

  async ensureDefaults(): Promise<void> {
    await this.configs.insertMissing(BUILTIN_CONFIG);
  }

  /** The value of a parameter, or undefined when no such key exists. */
  async valueOf(key: string): Promise<string | undefined> {
    return (await this.configs.findByKey(key))?.configValue;
  }

  /** Changes an existing parameter; false when there is no such key. */
  change(key: string, value: string): Promise<boolean> {
    return this.configs.setValue(key, value);
  }

  async flag(key: string): Promise<boolean> {
    return (await this.valueOf(key)) === 'true';
  }
}
