/**
 * Renders the OpenAPI document of `/api/v1` (hub/src/integrations/openapi) as the docs' Chinese
 * reference page, content/docs/9.developers/3.api-reference.md: every operation with its
 * parameters, body and answers, and every schema with its fields. `npm run docs:api` writes it;
 * tests/integration/api-reference.test.ts fails when the committed page and the document differ.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../hub/src/integrations/openapi/openapi';

/** Where the page lives. */
export const API_REFERENCE_PAGE = fileURLToPath(
  new URL('../content/docs/9.developers/3.api-reference.md', import.meta.url),
);

type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

/** A short Chinese-readable type of a schema: `string`, `integer`, `ClockReading`, `"a" \| "b"`, `数组<…>`. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return '任意';
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return `[${name}](#schema-${name.toLowerCase()})`;
  }
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' / ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' 或 ');
  if (schema.allOf) return schema.allOf.map(typeOf).join(' 且 ');
  const type = Array.isArray(schema.type) ? schema.type.join(' 或 ') : schema.type;
  if (type === 'array') return `数组<${typeOf(schema.items)}>`;
  if (type === 'object' && schema.properties) return '对象';
  return type ? `\`${type}\`` : '任意';
}

/** The fields of an object schema as table rows. */
function fieldRows(schema: Schema): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const limits = [
      field.minimum !== undefined && field.minimum > Number.MIN_SAFE_INTEGER ? `≥ ${field.minimum}` : '',
      field.maximum !== undefined && field.maximum < Number.MAX_SAFE_INTEGER ? `≤ ${field.maximum}` : '',
      field.maxLength !== undefined ? `最多 ${field.maxLength} 字` : '',
      field.default !== undefined ? `默认 \`${JSON.stringify(field.default)}\`` : '',
    ]
      .filter(Boolean)
      .join('，');
    const note = [field.description ?? '', limits].filter(Boolean).join('；');
    return `| \`${name}\` | ${cell(typeOf(field))} | ${required.has(name) ? '是' : '否'} | ${cell(note)} |`;
  });
}

/**
 * A union of objects told apart by a constant field (the commands by `type`): one line per
 * variant with its other fields; parts joined by `allOf` (the command and its extras) each.
 */
function variants(schema: Schema): string[] {
  if (schema.allOf)
    return schema.allOf.flatMap((part) =>
      part.properties
        ? [
            '以下字段可与任一命令同时出现：',
            '',
            '| 字段 | 类型 | 必填 | 说明 |',
            '| --- | --- | --- | --- |',
            ...fieldRows(part),
            '',
          ]
        : [...variants(part), ''],
    );
  // Nested unions (the overlay command, told apart by `action` too) are listed flat.
  const options = (schema.oneOf ?? schema.anyOf ?? []).flatMap(
    (option) => option.oneOf ?? option.anyOf ?? [option],
  );
  return [
    '取以下之一（按 `type` 区分）：',
    '',
    ...options.map((option) => {
      const entries = Object.entries(option.properties ?? {});
      const tags = entries.filter(([, field]) => field.const !== undefined);
      const required = new Set(option.required ?? []);
      const rest = entries
        .filter((entry) => !tags.includes(entry))
        .map(
          ([name, field]) =>
            `\`${name}\`${required.has(name) && field.default === undefined ? '（必填）' : ''} ${typeOf(field)}`,
        )
        .join('，');
      const label =
        tags.length > 0
          ? tags.map(([name, field]) => `\`${name}\` = \`${JSON.stringify(field.const)}\``).join('，')
          : '对象';
      return `- ${label}${rest ? `：${rest}` : ''}`;
    }),
  ];
}

/** The reference page's markdown. */
export function renderApiReference(): string {
  const document = buildOpenApiDocument('https://你的域名') as unknown as {
    info: { version: string };
    paths: Record<
      string,
      Record<
        string,
        {
          operationId: string;
          summary?: string;
          description?: string;
          security?: Record<string, unknown>[];
          parameters?: {
            name: string;
            in: string;
            required?: boolean;
            description?: string;
            schema?: Schema;
          }[];
          requestBody?: { content: Record<string, { schema: Schema }> };
          responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
        }
      >
    >;
    components: { schemas: Record<string, Schema> };
  };
  const out: string[] = [
    '---',
    'title: API 参考',
    'description: /api/v1 的每个接口、参数、请求体、返回值与数据结构，由 OpenAPI 文档生成。',
    '---',
    '',
    `本页由服务器提供的 OpenAPI 3.1 文档（\`/api/v1/openapi.json\`，版本 ${document.info.version}）生成，与接口实际校验请求所用的规则一致。入门、认证、推送、Webhook 与各种工具的接法见 [集成 API](/docs/developers/api)。`,
    '',
    '> [!TIP]',
    '> 用任何 OpenAPI 工具（生成客户端、Postman、Insomnia）打开 `https://你的域名/api/v1/openapi.json` 即可得到同样的内容。',
    '',
    '## 接口',
    '',
  ];
  const in_ = { path: '路径', query: '查询', header: '请求头' } as Record<string, string>;
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      out.push(
        `### ${operation.summary ?? operation.operationId}`,
        '',
        `\`${method.toUpperCase()} ${path}\` · operationId \`${operation.operationId}\``,
        '',
      );
      if (operation.description) out.push(operation.description, '');
      const security = operation.security ?? [];
      if (security.length > 0)
        out.push(
          security.some((entry) => Object.keys(entry).length === 0)
            ? '认证：可选（私有计时器需要观看密钥、控制密钥或 API 令牌）。'
            : '认证：`Authorization: Bearer <控制密钥或 API 令牌>`。',
          '',
        );
      if (operation.parameters?.length) {
        out.push('| 参数 | 位置 | 类型 | 必填 | 说明 |', '| --- | --- | --- | --- | --- |');
        for (const parameter of operation.parameters)
          out.push(
            `| \`${parameter.name}\` | ${in_[parameter.in] ?? parameter.in} | ${cell(typeOf(parameter.schema))} | ${parameter.required ? '是' : '否'} | ${cell(parameter.description ?? parameter.schema?.description ?? '')} |`,
          );
        out.push('');
      }
      const body = operation.requestBody?.content['application/json']?.schema;
      if (body) {
        out.push(`请求体（JSON）：${typeOf(body)}`, '');
        if (body.properties)
          out.push('| 字段 | 类型 | 必填 | 说明 |', '| --- | --- | --- | --- |', ...fieldRows(body), '');
      }
      out.push('| 状态码 | 含义 | 内容 |', '| --- | --- | --- |');
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = Object.entries(response.content ?? {})
          .map(([type, media]) => `\`${type}\` ${typeOf(media.schema)}`)
          .join('；');
        out.push(`| \`${status}\` | ${cell(response.description)} | ${cell(content)} |`);
      }
      out.push('');
    }
  }
  out.push('## 数据结构', '');
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    out.push(`<a id="schema-${name.toLowerCase()}"></a>`, '', `### ${name}`, '');
    if (schema.description) out.push(schema.description, '');
    if (schema.properties)
      out.push('| 字段 | 类型 | 必有 | 说明 |', '| --- | --- | --- | --- |', ...fieldRows(schema), '');
    else if (schema.oneOf ?? schema.anyOf ?? schema.allOf) out.push(...variants(schema), '');
    else out.push(`类型：${typeOf(schema)}`, '');
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(API_REFERENCE_PAGE, renderApiReference());
  console.log(`wrote ${API_REFERENCE_PAGE}`);
}
