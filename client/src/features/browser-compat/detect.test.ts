import { describe, expect, it } from 'vitest';
import { chromeMajor, detectBrowserIssue } from './detect';

const CHROME_120 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15';
const SE360 =
  'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 QIHU 360SE';
const EE360 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.5359.95 Safari/537.36 QIHU 360EE';
const MOBILE_360 =
  'Mozilla/5.0 (Linux; Android 10; V1990A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/77.0.3865.120 Mobile Safari/537.36 QihooBrowser/4.0.10';
const CHROME_62 =
  'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/62.0.3202.94 Safari/537.36';
const CHROME_63 =
  'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.84 Safari/537.36';
const SOGOU =
  'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/38.0.2125.122 Safari/537.36 SE 2.X MetaSr 1.0';
const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const QQ_OLD =
  'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko Core/1.70.3741.400 QQBrowser/9.7.13021.400';
const ANDROID_CHROME_50 =
  'Mozilla/5.0 (Linux; Android 6.0; Nexus 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.89 Mobile Safari/537.36';

describe('detectBrowserIssue', () => {
  it.each([
    ['Chrome 120', CHROME_120, null],
    ['Edge', EDGE, null],
    ['Firefox', FIREFOX, null],
    ['Safari', SAFARI, null],
    ['360 安全浏览器', SE360, 'is360'],
    ['360 极速浏览器', EE360, 'is360'],
    ['360 on Android (not desktop)', MOBILE_360, null],
    ['Chrome 62', CHROME_62, 'outdated'],
    ['Chrome 63', CHROME_63, null],
    ['Sogou (old Chromium shell)', SOGOU, 'outdated'],
    ['IE 11', IE11, 'outdated'],
    ['old QQ browser', QQ_OLD, 'outdated'],
    ['old Chrome on Android', ANDROID_CHROME_50, 'outdated'],
  ] as const)('%s → %s', (_name, ua, expected) => {
    expect(detectBrowserIssue(ua)).toBe(expected);
  });

  it('spots a 360 browser that hides its UA through its plugin MIME type', () => {
    expect(
      detectBrowserIssue(CHROME_120, {
        mimeTypes: ['application/pdf', 'application/vnd.chromium.remoting-viewer'],
      }),
    ).toBe('is360');
    expect(detectBrowserIssue(CHROME_120, { mimeTypes: ['application/pdf'] })).toBeNull();
  });

  it('spots 360 by client-hint brand', () => {
    expect(detectBrowserIssue(CHROME_120, { brands: ['Chromium', '360SE'] })).toBe('is360');
  });

  it('parses the Chrome major version', () => {
    expect(chromeMajor(CHROME_62)).toBe(62);
    expect(chromeMajor(FIREFOX)).toBeUndefined();
  });
});
