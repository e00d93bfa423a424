/** Words the integrations' readings carry (zh-CN, like the display). */

/** Speaker positions as a reading names them: index 0 is 一辩. */
export const SPEAKER_POSITIONS = ['一辩', '二辩', '三辩', '四辩', '五辩', '六辩', '七辩', '八辩'] as const;
