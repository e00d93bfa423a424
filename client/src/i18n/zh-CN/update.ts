/** The update notice. */
export const update = {
  available: '有新版本可用',
  description: '刷新页面即可使用最新版本。',
  reload: '刷新',
  changelog: '更新内容',
} as const;
