/** zh-CN messages of a socket's and an address's live connections, kept together so English can follow. */
export const RM = {
  tooManyWatches: (max: number) => `这个连接同时观看的计时器过多（上限 ${max} 个），请关闭不用的页面后重试`,
  tooManyLobbyJoins: (max: number) => `这个连接同时加入的大厅过多（上限 ${max} 个）`,
  tooManyInFlight: (max: number) =>
    `这个连接上尚未完成的请求过多（上限 ${max} 个），请等前面的请求完成后再试`,
  tooManyFromAddress: (max: number) => `来自你的网络地址的实时连接过多（上限 ${max} 个），请稍后再试`,
} as const;
