import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { format } from '../../i18n';
import { integrations as integrationsText } from '../../i18n/zh-CN/integrations';
import { commandError } from '../../lib/realtime/timer';
import { toast } from '../../lib/toast';
import { idList, useAccount, useTokenActions, useTokens, type TokenItem } from './api';
import './tokens-page.css';

const t = integrationsText.tokens;
const when = (ms: number | null) =>
  ms === null
    ? t.never
    : new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

function CreateToken({ onCreated }: { onCreated: (token: string) => void }) {
  const { create } = useTokenActions();
  const [name, setName] = useState('');
  const [limited, setLimited] = useState(false);
  const [timers, setTimers] = useState('');
  const [lobbies, setLobbies] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scope: limited ? { timers: idList(timers), lobbies: idList(lobbies) } : null },
      {
        onSuccess: (created) => {
          onCreated(created.token);
          setName('');
        },
        onError: (error) => toast.error(format(t.createFailed, { message: commandError(error).message })),
      },
    );
  };
  return (
    <form className="tokens-form" onSubmit={submit}>
      <label className="tokens-field">
        <span>{t.name}</span>
        <input
          className="input"
          required
          maxLength={60}
          value={name}
          placeholder={t.namePlaceholder}
          onChange={(e) => setName(e.target.value)}
          data-testid="token-name"
        />
      </label>
      <fieldset className="tokens-field tokens-scope">
        <legend>{t.scope}</legend>
        <label>
          <input type="radio" name="scope" checked={!limited} onChange={() => setLimited(false)} />{' '}
          {t.scopeAll}
        </label>
        <label>
          <input
            type="radio"
            name="scope"
            checked={limited}
            onChange={() => setLimited(true)}
            data-testid="token-limited"
          />{' '}
          {t.scopeSome}
        </label>
      </fieldset>
      {limited ? (
        <div className="tokens-scope-lists">
          <label className="tokens-field">
            <span>{t.timers}</span>
            <textarea
              className="input"
              rows={3}
              value={timers}
              onChange={(e) => setTimers(e.target.value)}
              data-testid="token-timers"
            />
          </label>
          <label className="tokens-field">
            <span>{t.lobbies}</span>
            <textarea
              className="input"
              rows={3}
              value={lobbies}
              onChange={(e) => setLobbies(e.target.value)}
            />
          </label>
        </div>
      ) : null}
      <div>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={create.isPending}
          data-testid="token-create"
        >
          {create.isPending ? t.creating : t.create}
        </button>
      </div>
    </form>
  );
}

function TokenRow({ token, onRevoke }: { token: TokenItem; onRevoke: () => void }) {
  const scope =
    token.scope === null
      ? t.all
      : format(t.some, { timers: token.scope.timers.length, lobbies: token.scope.lobbies.length });
  return (
    <tr data-testid="token-row" data-revoked={token.revokedAt !== null}>
      <td>{token.name}</td>
      <td>
        <code>{token.prefix}…</code>
      </td>
      <td>{scope}</td>
      <td>{when(token.createdAt)}</td>
      <td>{when(token.lastUsedAt)}</td>
      <td>{token.revokedAt === null ? t.active : t.revoked}</td>
      <td>
        {token.revokedAt === null ? (
          <button type="button" className="btn btn--ghost btn--sm tokens-danger" onClick={onRevoke}>
            {t.revoke}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** `/account/tokens`: the account's API tokens — create (shown once), scope, revoke. */
export function TokensPage() {
  const account = useAccount();
  const signedIn = Boolean(account.data);
  const tokens = useTokens(signedIn);
  const { revoke } = useTokenActions();
  const confirm = useConfirm();
  const [created, setCreated] = useState<string | null>(null);
  const ask = async (token: TokenItem) => {
    if (
      !(await confirm.ask({
        title: format(t.revokeTitle, { name: token.name }),
        body: t.revokeBody,
        confirmLabel: t.revoke,
        tone: 'danger',
      }))
    )
      return;
    revoke.mutate(
      { tokenId: token.id },
      {
        onSuccess: () => toast.success(t.revokedToast),
        onError: (error) => toast.error(format(t.failed, { message: commandError(error).message })),
      },
    );
  };
  const c = t.columns;
  return (
    <div className="tokens-page">
      <header className="tokens-page__head">
        <h1>{t.title}</h1>
        <p>{t.lead}</p>
        <Link to="/docs/developers/api">{t.docs}</Link>
      </header>
      {account.isPending ? null : !signedIn ? (
        <section className="tokens-card" data-testid="tokens-sign-in">
          <p>{t.signIn}</p>
          <Link className="btn btn--primary" to="/auth/login?redirect=/account/tokens">
            {t.signInAction}
          </Link>
        </section>
      ) : (
        <>
          <section className="tokens-card">
            <CreateToken onCreated={setCreated} />
            {created ? (
              <div className="tokens-created" role="status" data-testid="token-created">
                <p>{t.created}</p>
                <code>{created}</code>
                <CopyButton
                  value={created}
                  label={t.copy}
                  copiedLabel={t.copied}
                  failedMessage={t.copyFailed}
                />
              </div>
            ) : null}
          </section>
          <section className="tokens-card">
            {tokens.data && tokens.data.length > 0 ? (
              <div className="tokens-table-wrap">
                <table className="tokens-table">
                  <thead>
                    <tr>
                      <th>{c.name}</th>
                      <th>{c.token}</th>
                      <th>{c.scope}</th>
                      <th>{c.created}</th>
                      <th>{c.used}</th>
                      <th>{c.state}</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {tokens.data.map((token) => (
                      <TokenRow key={token.id} token={token} onRevoke={() => void ask(token)} />
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="tokens-muted">{t.empty}</p>
            )}
          </section>
        </>
      )}
      {confirm.dialog}
    </div>
  );
}
