import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageTitle, titleCase, titleFromPath } from './head';

describe('titles', () => {
  it.each([
    ['hello', 'Hello'],
    ['foo-bar_baz', 'Foo Bar Baz'],
    ['', ''],
  ])('titleCase(%j) = %j', (input, output) => expect(titleCase(input)).toBe(output));

  it.each([
    ['/', ''],
    ['/docs/getting-started', 'Getting Started'],
    ['/a/b/', 'B'],
    ['/about/%E5%9B%A2%E9%98%9F', '团队'],
    ['/bad/%E0%A4%A', '%E0%A4%A'],
  ])('titleFromPath(%j) = %j', (input, output) => expect(titleFromPath(input)).toBe(output));

  it('formats page | tagline with fallbacks', () => {
    expect(pageTitle('辩题库', '/topic')).toBe('辩题库 | 专业辩论比赛计时软件');
    expect(pageTitle(undefined, '/docs/quick-start')).toBe('Quick Start | 专业辩论比赛计时软件');
    expect(pageTitle('  ', '/')).toBe('辩时 | 专业辩论比赛计时软件');
  });
});

describe('canonicalUrl', () => {
  const site = 'https://bianshi.example/';
  it('keeps only whitelisted query parameters', () => {
    expect(canonicalUrl(site, '/lobby', '?code=AB12&utm_source=x&page=2')).toBe(
      'https://bianshi.example/lobby?code=AB12&page=2',
    );
    expect(canonicalUrl(site, '/lobby', '?utm_source=x')).toBe('https://bianshi.example/lobby');
  });
  it('normalises slashes and optionally lower-cases the path', () => {
    expect(canonicalUrl(site, '/Docs/Intro/', '')).toBe('https://bianshi.example/Docs/Intro');
    expect(canonicalUrl(site, '/Docs//Intro/', '', { lowercase: true })).toBe(
      'https://bianshi.example/docs/intro',
    );
    expect(canonicalUrl(site, '/', '?page=1')).toBe('https://bianshi.example/?page=1');
  });
  it('accepts a custom whitelist', () => {
    expect(canonicalUrl(site, '/x', '?a=1&b=2', { whitelist: ['b'] })).toBe('https://bianshi.example/x?b=2');
  });
});
