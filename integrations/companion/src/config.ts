import { Regex, type SomeCompanionConfigField } from '@companion-module/base';

/** The connection's settings in Companion. */
export interface ModuleConfig {
  /** The hub's address, e.g. https://bianshi.example or http://192.168.1.20:3000 */
  hubUrl: string;
  /** The timer's id or short id (from its display link). */
  timerId: string;
  /** An API token (`bst_…`, 账号 → API 令牌) or the timer's control key. */
  token: string;
}

/** The fields Companion shows for a connection. */
export function configFields(): SomeCompanionConfigField[] {
  return [
    {
      type: 'static-text',
      id: 'info',
      width: 12,
      label: '说明',
      value: '在辩时的「账号 → API 令牌」创建令牌（或使用计时器的控制密钥），填入下方。',
    },
    {
      type: 'textinput',
      id: 'hubUrl',
      label: '服务器地址',
      width: 8,
      default: 'http://127.0.0.1:3000',
      regex: '/^https?:\\/\\/\\S+$/',
    },
    {
      type: 'textinput',
      id: 'timerId',
      label: '计时器 ID 或短 ID',
      width: 4,
      default: '',
      regex: Regex.SOMETHING,
    },
    { type: 'textinput', id: 'token', label: 'API 令牌或控制密钥', width: 12, default: '' },
  ];
}
