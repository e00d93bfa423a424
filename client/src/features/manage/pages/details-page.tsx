import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useUpdateSettings } from '../api/update-settings';
import { Field, SaveBar, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { saveToast } from '../hooks/use-save-toast';

const t = manageText;
const td = t.details;

/** The details form (the hub checks the same limits). */
export const detailsFormSchema = z.object({ topic: z.string().max(300), judges: z.array(z.string().max(40)).max(12), venue: z.string().max(120), notes: z.string().max(2000) });

function DetailsEditor({ timer, canEdit }: ManageContext) {
  const stored = (timer.settings.details ?? {}) as { judges?: string[]; venue?: string; notes?: string };
  const [topic, setTopic] = useState(typeof timer.settings.topic === 'string' ? timer.settings.topic : '');
  const [judges, setJudges] = useState((stored.judges ?? []).join('\n'));
  const [venue, setVenue] = useState(stored.venue ?? '');
  const [notes, setNotes] = useState(stored.notes ?? '');
  const save = useUpdateSettings();
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
    const parsed = detailsFormSchema.safeParse(value);
    if (!parsed.success) return saveToast.failed(new Error(parsed.error.issues[0]?.message));
    save.mutate({ timerId: timer.id, section: 'details', value: parsed.data }, { onSuccess: () => saveToast.ok(), onError: saveToast.failed });
  };
  return (
    <form className="manage-stack" onSubmit={submit}>
      <Section title={td.topic}>
        <div className="manage-form">
          <Field label={td.topic}>{(id) => <textarea id={id} className="input manage-textarea" value={topic} maxLength={300} placeholder={td.topicPlaceholder} disabled={!canEdit} onChange={(e) => setTopic(e.target.value)} />}</Field>
          <Field label={td.judges} hint={td.judgesHint}>
            {(id) => <textarea id={id} className="input manage-textarea" value={judges} disabled={!canEdit} onChange={(e) => setJudges(e.target.value)} />}
          </Field>
          <Field label={td.venue}>{(id) => <input id={id} className="input" value={venue} maxLength={120} disabled={!canEdit} onChange={(e) => setVenue(e.target.value)} />}</Field>
          <Field label={td.notes}>{(id) => <textarea id={id} className="input manage-textarea manage-textarea--tall" value={notes} maxLength={2000} disabled={!canEdit} onChange={(e) => setNotes(e.target.value)} />}</Field>
        </div>
      </Section>
      {canEdit ? <SaveBar saving={save.isPending} label={t.save} savingLabel={t.saving} /> : null}
    </form>
  );
}

/** `details`: the current match's topic, judges, venue and notes. */
export function DetailsPage() {
  return <ManageFrame page="details">{(context) => <DetailsEditor key={context.timer.id} {...context} />}</ManageFrame>;
}
