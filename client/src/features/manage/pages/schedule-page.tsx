import { useState, type FormEvent } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format, messages } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useMatches, type MatchListItem } from '../api/list-matches';
import { useMakeCurrent, usePlanMatch, useStartMatch, useUpdatePlan } from '../api/schedule-actions';
import { Field, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { saveToast } from '../hooks/use-save-toast';
import { useFieldIssues } from '../hooks/use-field-issues';
import { dateTime } from '../time-text';

const t = manageText;
const ts = t.schedule;

/** `datetime-local` value of an instant in the browser's time zone. */
function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

function MatchRow({ match, timerId, current }: { match: MatchListItem; timerId: string; current: boolean }) {
  const [title, setTitle] = useState(match.title);
  const [plannedAt, setPlannedAt] = useState(toLocalInput(match.plannedAt));
  const update = useUpdatePlan();
  const makeCurrent = useMakeCurrent();
  const issues = useFieldIssues();
  const dirty = title !== match.title || plannedAt !== toLocalInput(match.plannedAt);
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { timerId, matchId: match.id, entry: { title: title.trim(), plannedAt: fromLocalInput(plannedAt) } },
      { onSuccess: () => saveToast.ok(ts.saved), onError: issues.refused },
    );
  };
  const confirm = useConfirm();
  const switchTo = async () => {
    if (
      !(await confirm.ask({
        title: ts.makeCurrentTitle,
        body: ts.makeCurrentConfirm,
        confirmLabel: ts.makeCurrent,
      }))
    )
      return;
    makeCurrent.mutate(
      { timerId, matchId: match.id },
      { onSuccess: () => saveToast.ok(ts.switched), onError: saveToast.failed },
    );
  };
  return (
    <li className="manage-match" data-current={current}>
      <form className="manage-match__form" onSubmit={save}>
        <div className="manage-match__head">
          <span className="manage-match__status">
            {t.record.status[match.status as keyof typeof t.record.status] ?? match.status}
          </span>
          {current ? <span className="manage-badge">{ts.current}</span> : null}
          <span className="manage-muted">{format(ts.format, { name: match.formatName })}</span>
        </div>
        <div className="manage-match__fields">
          <Field label={ts.title} error={issues.of('title')}>
            {(_id, control) => (
              <input
                {...control}
                className="input"
                value={title}
                maxLength={80}
                placeholder={ts.titlePlaceholder}
                onChange={(e) => setTitle(e.target.value)}
              />
            )}
          </Field>
          <Field
            label={ts.plannedAt}
            hint={match.plannedAt === null ? ts.unplanned : dateTime(match.plannedAt)}
            error={issues.of('plannedAt')}
          >
            {(_id, control) => (
              <input
                {...control}
                className="input"
                type="datetime-local"
                value={plannedAt}
                onChange={(e) => setPlannedAt(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="manage-row">
          <button type="submit" className="btn btn--ghost btn--sm" disabled={!dirty || update.isPending}>
            {t.save}
          </button>
          {!current ? (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => void switchTo()}
              disabled={makeCurrent.isPending}
            >
              {ts.makeCurrent}
            </button>
          ) : null}
        </div>
      </form>
      {confirm.dialog}
    </li>
  );
}

function ScheduleView({ timer }: ManageContext) {
  const matches = useMatches(timer.id);
  const plan = usePlanMatch();
  const start = useStartMatch();
  const [title, setTitle] = useState('');
  const [plannedAt, setPlannedAt] = useState('');
  const issues = useFieldIssues();
  const list = [...(matches.data?.matches ?? [])].sort(
    (a, b) => (a.plannedAt ?? a.createdAt) - (b.plannedAt ?? b.createdAt),
  );
  const entry = () => ({ title: title.trim(), plannedAt: fromLocalInput(plannedAt) });
  const submitPlan = (event: FormEvent) => {
    event.preventDefault();
    plan.mutate(
      { timerId: timer.id, entry: entry() },
      {
        onSuccess: () => {
          saveToast.ok(ts.saved);
          setTitle('');
          setPlannedAt('');
        },
        onError: issues.refused,
      },
    );
  };
  const confirm = useConfirm();
  const startNow = async () => {
    if (!(await confirm.ask({ title: ts.startTitle, body: ts.startConfirm, confirmLabel: ts.start }))) return;
    start.mutate(
      { timerId: timer.id, entry: entry() },
      {
        onSuccess: () => {
          saveToast.ok(ts.started);
          setTitle('');
          setPlannedAt('');
        },
        onError: issues.refused,
      },
    );
  };
  return (
    <div className="manage-stack">
      <Section title={ts.plan}>
        <form className="manage-match__fields" onSubmit={submitPlan}>
          <Field label={ts.title} error={issues.of('title')}>
            {(_id, control) => (
              <input
                {...control}
                className="input"
                value={title}
                maxLength={80}
                placeholder={ts.titlePlaceholder}
                onChange={(e) => setTitle(e.target.value)}
              />
            )}
          </Field>
          <Field label={ts.plannedAt} error={issues.of('plannedAt')}>
            {(_id, control) => (
              <input
                {...control}
                className="input"
                type="datetime-local"
                value={plannedAt}
                onChange={(e) => setPlannedAt(e.target.value)}
              />
            )}
          </Field>
          <div className="manage-row">
            <button type="submit" className="btn btn--ghost" disabled={plan.isPending}>
              {ts.plan}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void startNow()}
              disabled={start.isPending}
            >
              {ts.start}
            </button>
          </div>
        </form>
      </Section>
      <Section title={messages.routes.pages.manageSchedule.title}>
        {list.length === 0 ? <p className="manage-muted">{ts.empty}</p> : null}
        <ul className="manage-matches" data-testid="schedule-list">
          {list.map((match) => (
            <MatchRow
              key={`${match.id}-${match.title}-${match.plannedAt}`}
              match={match}
              timerId={timer.id}
              current={match.id === matches.data?.currentMatchId}
            />
          ))}
        </ul>
      </Section>
      {confirm.dialog}
    </div>
  );
}

/** `schedule`: matches with planned times; make one current; start a new match. */
export function SchedulePage() {
  return (
    <ManageFrame page="schedule">
      {(context) => <ScheduleView key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
