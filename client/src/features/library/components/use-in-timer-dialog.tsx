import { BUILTIN_FORMATS } from '@bianshi/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Dialog } from '../../../components/ui/dialog';
import { format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { useAccount, useMyTimers, useUseInTimer } from '../api/library-queries';
import { errorText } from '../text';
import type { TopicView } from './topic-card';

const t = libraryText;

/** A new timer's name: the motion it is for (timer names hold at most 80 characters). */
export function timerNameFor(topic: Pick<TopicView, 'text'>): string {
  const name = topic.text.trim();
  return name.length > 80 ? `${name.slice(0, 79)}…` : name;
}

/** The formats offered for a new timer: the topic's language first. */
function formatsFor(language: string | undefined) {
  const lang = language === 'en' ? 'en' : 'zh';
  return [
    ...BUILTIN_FORMATS.filter((value) => value.tags.language === lang),
    ...BUILTIN_FORMATS.filter((value) => value.tags.language !== lang),
  ];
}

/** Sets a topic on one of the account's timers (editor or owner), or on a new timer of the picked format, named after the topic. */
export function UseInTimerDialog({ topic, onClose }: { topic: TopicView | null; onClose: () => void }) {
  const formats = formatsFor(topic?.language);
  const [picked, setPicked] = useState('');
  const formatId = formats.some((value) => value.id === picked) ? picked : (formats[0]?.id ?? '');
  const formatField = useId();
  const account = useAccount();
  const signedIn = Boolean(account.data);
  const timers = useMyTimers(signedIn && topic !== null);
  const use = useUseInTimer();
  const [done, setDone] = useState<{ timerId: string; shortid: string; name: string } | null>(null);
  const editable = (timers.data?.timers ?? []).filter(
    (timer) => timer.role === 'owner' || timer.role === 'editor',
  );
  const apply = (timerId: string | null) => {
    if (!topic) return;
    use.mutate(
      timerId
        ? { topicId: topic.id, timerId }
        : { topicId: topic.id, timerId, formatId, name: timerNameFor(topic) },
      {
        onSuccess: (result) => {
          setDone({ timerId: result.timerId, shortid: result.shortid, name: result.name });
          toast.success(format(t.use.done, { name: result.name }));
        },
        onError: (error) => void toast.error(errorText(error, t.generic)),
      },
    );
  };
  const close = () => {
    setDone(null);
    setPicked('');
    onClose();
  };
  return (
    <Dialog
      open={topic !== null}
      title={t.use.title}
      onClose={close}
      footer={
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t.topics.close}
        </button>
      }
    >
      <p>{format(t.use.lead, { topic: topic?.text ?? '' })}</p>
      {done ? (
        <div className="lib-use-done" data-testid="use-done">
          <p>{format(t.use.done, { name: done.name })}</p>
          <div className="lib-row">
            <Link
              className="btn btn--primary btn--sm"
              to={`/timer/${done.timerId}`}
              target="_blank"
              data-testid="open-display"
            >
              {t.use.openDisplay}
            </Link>
            <Link className="btn btn--secondary btn--sm" to={`/timer/manage/${done.shortid}`}>
              {t.use.openConsole}
            </Link>
          </div>
        </div>
      ) : (
        <>
          {signedIn ? (
            <>
              <h3 className="lib-subtitle">{t.use.pick}</h3>
              {timers.data && editable.length === 0 ? <p className="lib-muted">{t.use.none}</p> : null}
              <ul className="lib-timer-list">
                {editable.map((timer) => (
                  <li key={timer.id}>
                    <span>{timer.name}</span>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      disabled={use.isPending}
                      onClick={() => apply(timer.id)}
                    >
                      {t.use.apply}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="lib-muted">{t.use.signInHint}</p>
          )}
          <h3 className="lib-subtitle lib-use-heading">{signedIn ? t.use.newTitle : t.use.newTitleFirst}</h3>
          <div className="lib-use-new">
            <label className="lib-field" htmlFor={formatField}>
              <span>{t.use.format}</span>
              <select
                id={formatField}
                className="input"
                value={formatId}
                onChange={(event) => setPicked(event.target.value)}
                data-testid="use-format"
              >
                {formats.map((value) => (
                  <option key={value.id} value={value.id}>
                    {value.name}
                  </option>
                ))}
              </select>
            </label>
            <p className="lib-muted">{format(t.use.newName, { name: topic ? timerNameFor(topic) : '' })}</p>
            <button
              type="button"
              className="btn btn--primary"
              disabled={use.isPending || !formatId}
              onClick={() => apply(null)}
              data-testid="use-new-timer"
            >
              {t.use.createNew}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
