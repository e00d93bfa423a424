/** The pure tab engine: draws (Swiss, random, round robin, BP), standings, speaker tab, break. */
export * from './types';
export * from './swiss';
export * from './bp';
export * from './draw';
export * from './standings';
export * from './break';
export * from './motions';
