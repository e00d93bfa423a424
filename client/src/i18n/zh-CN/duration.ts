/** A duration typed into a field (the console's 设定时间, the timing editor): why it is refused. */
export const duration = {
  errors: {
    empty: '请填写时长，例如 3:30',
    negative: '时长不能为负数',
    shape: '看不懂这个时长：请写成 3:30、90（秒）或 3分30秒',
    sixty: '秒数和分钟数不能超过 59',
    'too-long': '不能超过 24 小时',
    zero: '时长必须大于 0:00',
  },
  hint: '例如 3:30、90（秒）、3分30秒，全角数字也可以',
} as const;
