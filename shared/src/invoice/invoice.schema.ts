import { z } from 'zod';
import { parseUscc, USCC_PROBLEM_MESSAGES } from './uscc';

/** 普票 (electronic ordinary invoice) or 专票 (VAT special invoice, enterprises only). */
export const INVOICE_KINDS = ['normal', 'special'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_NAMES: Record<InvoiceKind, string> = {
  normal: '增值税普通发票（普票）',
  special: '增值税专用发票（专票）',
};

/** Who the invoice is made out to: an organisation (school, company) or a person. */
export const INVOICE_TITLE_TYPES = ['enterprise', 'personal'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_NAMES: Record<InvoiceTitleType, string> = {
  enterprise: '单位',
  personal: '个人',
};

/** Invoice request states. */
export const INVOICE_STATUSES = ['requested', 'issued', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_NAMES: Record<InvoiceStatus, string> = {
  requested: '已申请，待开具',
  issued: '已开具',
  rejected: '已驳回',
};

const text = (max: number) => z.string().trim().max(max, `不能超过 ${max} 个字`);

/**
 * An invoice request as the buyer fills it in. 统一社会信用代码 is required for organisations
 * and checked by its GB 32100-2015 check symbol; 专票 also needs address, phone and bank details.
 * Errors carry the field's path so the form shows them under the right input.
 */
export const invoiceRequestSchema = z
  .object({
    orderNumber: z.string().trim().min(1, '请选择订单').max(40),
    kind: z.enum(INVOICE_KINDS),
    titleType: z.enum(INVOICE_TITLE_TYPES),
    title: text(100).min(2, '请填写发票抬头'),
    uscc: text(30).default(''),
    email: z.email('请填写有效的邮箱，电子发票将发送到这里').max(200),
    address: text(200).default(''),
    phone: text(40).default(''),
    bankName: text(100).default(''),
    bankAccount: text(40).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'special' && value.titleType !== 'enterprise') {
      ctx.addIssue({ code: 'custom', path: ['titleType'], message: '专票只能开给单位' });
    }
    if (value.titleType === 'enterprise') {
      const uscc = parseUscc(value.uscc);
      if (!uscc.ok)
        ctx.addIssue({ code: 'custom', path: ['uscc'], message: USCC_PROBLEM_MESSAGES[uscc.problem] });
    }
    if (value.kind === 'special') {
      if (value.address.length < 4)
        ctx.addIssue({ code: 'custom', path: ['address'], message: '专票需填写单位注册地址' });
      if (!/^[\d\-+() ]{7,20}$/.test(value.phone))
        ctx.addIssue({ code: 'custom', path: ['phone'], message: '专票需填写单位电话（数字、-、+）' });
      if (value.bankName.length < 2)
        ctx.addIssue({ code: 'custom', path: ['bankName'], message: '专票需填写开户银行' });
      if (!/^\d{8,30}$/.test(value.bankAccount.replace(/\s/g, '')))
        ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: '专票需填写银行账号（8–30 位数字）' });
    }
  })
  .transform((value) => ({
    ...value,
    uscc: value.titleType === 'enterprise' ? value.uscc.replace(/\s/g, '').toUpperCase() : '',
  }));

export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;
export type InvoiceRequest = z.output<typeof invoiceRequestSchema>;
