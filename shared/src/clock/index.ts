/** Clock sync: NTP offset maths and an estimator over the lowest-RTT samples. */
export * from './clock-sync';
