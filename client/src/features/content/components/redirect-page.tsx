import { Link, useNavigate, useSearchParams } from 'react-router';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { redirectTarget } from '../redirect-target';

const t = contentText.redirect;

/**
 * `/utils/redirect?to=…`: says where an external link goes before following it. Only http(s)
 * targets get a link; anything else (javascript:, data:, //host…) is refused.
 */
export function RedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = redirectTarget(params.get('to'));
  if (!target.ok) {
    return (
      <section className="card redirect" data-testid="redirect-refused">
        <h1>{t.refused}</h1>
        <p>{target.reason === 'missing' ? t.missing : t.refusedLead}</p>
        <Link to="/" className="btn btn--primary">
          {t.home}
        </Link>
      </section>
    );
  }
  return (
    <section className="card redirect" data-testid="redirect">
      <h1>{t.title}</h1>
      <p>{t.lead}</p>
      <p className="redirect__host" data-testid="redirect-host">
        {target.host}
      </p>
      <p className="redirect__full">
        {t.full}：<span>{target.url}</span>
      </p>
      <p className="redirect__warning">{t.warning}</p>
      <div className="redirect__actions">
        <a href={target.url} rel="noopener noreferrer nofollow" className="btn btn--primary" data-testid="redirect-go">
          {t.go}
        </a>
        <button type="button" className="btn btn--ghost" onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/'))}>
          {t.back}
        </button>
      </div>
    </section>
  );
}
