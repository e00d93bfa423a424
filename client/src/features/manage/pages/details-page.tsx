import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useUpdateSettings } from '../api/update-settings';
import { Field, SaveBar, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { saveToast } from '../hooks/use-save-toast';
import { useFieldIssues } from '../hooks/use-field-issues';

const t = manageText;
const td = t.details;

/** The details form (the hub checks the same limits). */
export const detailsFormSchema = z.object({
  topic: z.string().max(300),
  judges: z.array(z.string().max(40, { error: td.judgeTooLong })).max(12, { error: td.tooManyJudges }),
  venue: z.string().max(120),
  notes: z.string().max(2000),
});

function DetailsEditor({ timer, canEdit }: ManageContext) {
  const stored = (timer.settings.details ?? {}) as { judges?: string[]; venue?: string; notes?: string };
  const [topic, setTopic] = useState(typeof timer.settings.topic === 'string' ? timer.settings.topic : '');
  const [judges, setJudges] = useState((stored.judges ?? []).join('\n'));
  const [venue, setVenue] = useState(stored.venue ?? '');
  const [notes, setNotes] = useState(stored.notes ?? '');
  const save = useUpdateSettings();
  const issues = useFieldIssues();
  /** Typing in a field takes its error away. */
  const edit = (field: string, set: (value: string) => void) => (value: string) => {
    set(value);
    issues.clear(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = {
      topic: topic.trim(),
      judges: judges
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      venue: venue.trim(),
      notes: notes.trim(),
    };
    const parsed = issues.check(detailsFormSchema, value);
    if (!parsed) return;
    save.mutate(
      { timerId: timer.id, section: 'details', value: parsed },
      { onSuccess: () => saveToast.ok(), onError: issues.refused },
    );
  };
  return (
    <form className="manage-stack" onSubmit={submit} noValidate>
      <Section title={td.topic}>
        <div className="manage-form">
          <Field label={td.topic} error={issues.of('topic')}>
            {(_id, control) => (
              <textarea
                {...control}
                className="input manage-textarea"
                value={topic}
                maxLength={300}
                placeholder={td.topicPlaceholder}
                disabled={!canEdit}
                onChange={(e) => edit('topic', setTopic)(e.target.value)}
              />
            )}
          </Field>
          <Field label={td.judges} hint={td.judgesHint} error={issues.of('judges')}>
            {(_id, control) => (
              <textarea
                {...control}
                className="input manage-textarea"
                value={judges}
                disabled={!canEdit}
                onChange={(e) => edit('judges', setJudges)(e.target.value)}
                data-testid="details-judges"
              />
            )}
          </Field>
          <Field label={td.venue} error={issues.of('venue')}>
            {(_id, control) => (
              <input
                {...control}
                className="input"
                value={venue}
                maxLength={120}
                disabled={!canEdit}
                onChange={(e) => edit('venue', setVenue)(e.target.value)}
              />
            )}
          </Field>
          <Field label={td.notes} error={issues.of('notes')}>
            {(_id, control) => (
              <textarea
                {...control}
                className="input manage-textarea manage-textarea--tall"
                value={notes}
                maxLength={2000}
                disabled={!canEdit}
                onChange={(e) => edit('notes', setNotes)(e.target.value)}
              />
            )}
          </Field>
        </div>
      </Section>
      {canEdit ? <SaveBar saving={save.isPending} label={t.save} savingLabel={t.saving} /> : null}
    </form>
  );
}

/** `details`: the current match's topic, judges, venue and notes. */
export function DetailsPage() {
  return (
    <ManageFrame page="details">
      {(context) => <DetailsEditor key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
