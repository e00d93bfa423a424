import { formatWait } from '../lib/wait';

/** zh-CN messages of plans, orders, cdkeys and invoices. */
export const CM = {
  planUnknown: '未知的方案',
  planNotForSale: '该方案不能在线购买',
  durationUnknown: '该方案没有这个有效期可选',
  seatsTooMany: (max: number) => `该方案每笔订单最多 ${max} 个席位`,
  providerOff: '该支付方式未开通，请选择购买页列出的付款方式',
  orderNotFound: '找不到这个订单',
  orderNotPaid: '订单尚未付款，付款后才能申请发票',
  orderCancelled: '订单已取消',
  amountMismatch: '付款金额与订单金额不符',
  cdkeyMalformed: (detail: string) => detail,
  cdkeyNotFound: '兑换码不存在，请核对后重试',
  cdkeyRedeemed: '这个兑换码已经被兑换过了',
  cdkeySuspended: '这个兑换码已被暂停使用，请联系发码方',
  cdkeyRevoked: '这个兑换码已作废',
  cdkeyExpired: '这个兑换码已过期',
  cdkeyLocked: (waitMs: number) => `这个账号兑换码输错次数过多，已暂时锁定，请${formatWait(waitMs)}后再试`,
  cdkeyAddressLimited: (waitMs: number) => `你的网络地址兑换码输错次数过多，请${formatWait(waitMs)}后再试`,
  cdkeyRateLimited: (waitMs: number) => `这个账号查询或兑换过于频繁，请${formatWait(waitMs)}后再试`,
  cdkeyTransition: (from: string, to: string) => `兑换码当前为「${from}」，不能改为「${to}」`,
  keysAlreadyShown: '这批兑换码已经生成并显示过一次，不能再次显示',
  batchNotFound: '找不到这个批次',
  invoiceExists: '这个订单已有待处理或已开具的发票申请',
  invoiceNotFound: '找不到这个发票申请',
  invoiceAnswered: '这个发票申请已经处理过了',
  invoicePdfMissing: '请先上传发票 PDF',
  invoicePdfInvalid: '请上传 PDF 文件（不超过 5 MB）',
  notYours: '这不是你的订单',
} as const;

/** zh-CN names of cdkey states. */
export const CDKEY_STATE_NAMES = {
  issued: '未兑换',
  redeemed: '已兑换',
  suspended: '已暂停',
  revoked: '已作废',
  expired: '已过期',
} as const;
/** zh-CN names of order states. */
export const ORDER_STATUS_NAMES = { pending: '待付款', paid: '已付款', cancelled: '已取消' } as const;
