import { describe, expect, it } from 'vitest';
import { defaultScreenName, deviceKindOf } from './device';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0';

describe('lobby screen device', () => {
  it.each([
    [IPHONE, 'phone', 'iPhone · Safari'],
    [WINDOWS_CHROME, 'desktop', 'Windows · Chrome'],
    [ANDROID_TABLET, 'tablet', 'Android · Chrome'],
    [ANDROID_WECHAT, 'phone', 'Android · 微信'],
    ['', 'unknown', '设备 · 浏览器'],
  ])('%#: kind and default name', (userAgent, kind, name) => {
    expect(deviceKindOf(userAgent)).toBe(kind);
    expect(defaultScreenName(userAgent)).toBe(name);
  });
});
