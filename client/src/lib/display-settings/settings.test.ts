import { describe, expect, it } from 'vitest';
import { readDisplaySettings } from './settings';
import { resolveSkin, SKIN_PRESETS, skinCssVars } from './skin';

describe('display settings', () => {
  it('defaults everything', () => {
    const settings = readDisplaySettings({});
    expect(settings).toMatchObject({
      topic: null,
      logoUrl: null,
      tenths: true,
      flashAtZero: false,
      volume: 1,
    });
    expect(settings.teams.aff).toEqual({ name: null, school: null, debaters: [] });
    expect(settings.skin.preset).toBe('dark');
  });

  it('reads teams, topic, logo and tenths, tolerating bad fields', () => {
    const settings = readDisplaySettings({
      topic: '人工智能利大于弊',
      logoUrl: '/uploads/logo.png',
      teams: { aff: { name: '复旦大学', debaters: ['甲', '乙'] }, neg: 42 },
      display: { tenths: false, flashAtZero: true },
      audio: { volume: 7 },
    });
    expect(settings.topic).toBe('人工智能利大于弊');
    expect(settings.logoUrl).toBe('/uploads/logo.png');
    expect(settings.teams.aff.name).toBe('复旦大学');
    expect(settings.teams.aff.debaters).toEqual(['甲', '乙']);
    expect(settings.teams.neg.name).toBeNull();
    expect(settings.tenths).toBe(false);
    expect(settings.flashAtZero).toBe(true);
    expect(readDisplaySettings({ display: { flashAtZero: 'yes' } }).flashAtZero).toBe(false);
    expect(settings.volume).toBe(1);
  });

  it('rejects script-y URLs', () => {
    expect(readDisplaySettings({ logoUrl: 'javascript:alert(1)' }).logoUrl).toBeNull();
  });

  it('keeps custom sounds only when every name and address is acceptable', () => {
    expect(
      readDisplaySettings({ audio: { volume: 0.5, sounds: { bell: '/uploads/bell.mp3' } } }),
    ).toMatchObject({ volume: 0.5, sounds: { bell: '/uploads/bell.mp3' } });
    expect(
      readDisplaySettings({ audio: { sounds: { bell: '/uploads/bell.mp3', 'bad name': '/x.mp3' } } }).sounds,
    ).toEqual({});
    expect(readDisplaySettings({ audio: { sounds: { bell: 'javascript:x' } } }).sounds).toEqual({});
  });

  it('trims names, blanks over-long debaters and drops a list of more than 8', () => {
    const settings = readDisplaySettings({
      topic: '  辩题  ',
      teams: {
        aff: { name: ' 复旦 ', debaters: ['甲', 'x'.repeat(41), 3] },
        neg: { debaters: Array.from({ length: 9 }, () => '乙') },
      },
    });
    expect(settings.topic).toBe('辩题');
    expect(settings.teams.aff).toEqual({ name: '复旦', school: null, debaters: ['甲', '', ''] });
    expect(settings.teams.neg.debaters).toEqual([]);
    expect(readDisplaySettings({ topic: 'x'.repeat(301) }).topic).toBeNull();
  });
});

describe('skins', () => {
  it('resolves preset ids and objects with colour overrides', () => {
    expect(resolveSkin('light')).toBe(SKIN_PRESETS.light);
    expect(resolveSkin('nope').preset).toBe('dark');
    const skin = resolveSkin({
      preset: 'tournament-green',
      colors: { aff: '#ff0000', neg: 'red; background:url(x)' },
      fontScale: 1.2,
    });
    expect(skin.colors.aff).toBe('#ff0000');
    expect(skin.colors.neg).toBe(SKIN_PRESETS['tournament-green'].colors.neg);
    expect(skin.fontScale).toBe(1.2);
  });

  it('gives CSS variables', () => {
    const vars = skinCssVars(resolveSkin({ preset: 'light', backgroundImageUrl: '/bg.jpg' }));
    expect(vars['--td-bg']).toBe(SKIN_PRESETS.light.colors.background);
    expect(vars['--td-bg-image']).toBe('url("/bg.jpg")');
  });
});
