/** zh-CN messages of the library (topics, schools, records). */
export const L = {
  groupNotFound: '找不到这个辩题合集',
  topicNotFound: '找不到这个辩题',
  schoolNotFound: '找不到这个学校',
  teamNotFound: '找不到这支队伍',
  recordNotFound: '找不到这场比赛的记录',
  notGroupEditor: '只有合集的创建者或管理员可以修改这个合集',
  builtinGroup: '内置辩题库只有管理员可以修改',
  importInvalid: (count: number) => `导入失败：有 ${count} 处错误，没有写入任何内容`,
  recordEditForbidden: '只有计时器的所有者或编辑者可以修改比赛结果',
  teamExists: '这个学校在该赛季已有同名队伍',
  alreadyPublic: '这个合集已经在公共辩题库里',
  publishEmpty: '合集里还没有辩题，添加后再发布',
  notPending: '这个合集没有在等待审核',
  rejectNeedsNote: '退回时请写明原因，创建者会看到',
} as const;
