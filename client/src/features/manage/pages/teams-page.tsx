import { SIDE_IDS, type SideId } from '@bianshi/shared';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { messages } from '../../../i18n';
import { useUpdateSettings } from '../api/update-settings';
import { Field, SaveBar, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { saveToast } from '../hooks/use-save-toast';

const t = messages.manage;
const tt = t.teams;

/** One team as the teams page edits it (the hub checks the same limits). */
export const teamFormSchema = z.object({ name: z.string().max(80), school: z.string().max(80), debaters: z.array(z.string().max(40)).max(8) });
type TeamForm = z.infer<typeof teamFormSchema>;

function readTeam(value: unknown): TeamForm {
  const parsed = teamFormSchema.partial().safeParse(value ?? {});
  const team = parsed.success ? parsed.data : {};
  const debaters = team.debaters ?? [];
  return { name: team.name ?? '', school: team.school ?? '', debaters: debaters.length >= 4 ? debaters : [...debaters, ...Array(4 - debaters.length).fill('')] };
}

function TeamsEditor({ timer, canEdit }: ManageContext) {
  const saved = (timer.settings.teams ?? {}) as Partial<Record<SideId, unknown>>;
  const [teams, setTeams] = useState<Record<SideId, TeamForm>>(() => ({ aff: readTeam(saved.aff), neg: readTeam(saved.neg) }));
  const save = useUpdateSettings();
  const patch = (side: SideId, value: Partial<TeamForm>) => setTeams((all) => ({ ...all, [side]: { ...all[side], ...value } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = (team: TeamForm) => {
      const debaters = team.debaters.map((d) => d.trim());
      while (debaters.length > 0 && debaters[debaters.length - 1] === '') debaters.pop();
      return { name: team.name.trim(), school: team.school.trim(), debaters };
    };
    save.mutate({ timerId: timer.id, section: 'teams', value: { aff: trimmed(teams.aff), neg: trimmed(teams.neg) } }, { onSuccess: () => saveToast.ok(), onError: saveToast.failed });
  };
  return (
    <form className="manage-stack" onSubmit={submit}>
      <div className="manage-columns">
        {SIDE_IDS.map((side) => {
          const team = teams[side];
          return (
            <Section key={side} title={tt.sides[side]}>
              <div className="manage-form" data-side={side}>
                <Field label={tt.name}>{(id) => <input id={id} className="input" value={team.name} maxLength={80} disabled={!canEdit} onChange={(e) => patch(side, { name: e.target.value })} />}</Field>
                <Field label={tt.school}>{(id) => <input id={id} className="input" value={team.school} maxLength={80} disabled={!canEdit} onChange={(e) => patch(side, { school: e.target.value })} />}</Field>
                <fieldset className="manage-debaters">
                  <legend className="manage-field__label">{tt.debaters}</legend>
                  {team.debaters.map((debater, index) => (
                    <div key={index} className="manage-debater">
                      <span className="manage-debater__pos">{tt.position[index]}</span>
                      <input
                        className="input"
                        aria-label={`${tt.sides[side]}${tt.position[index]}`}
                        value={debater}
                        maxLength={40}
                        disabled={!canEdit}
                        onChange={(e) => patch(side, { debaters: team.debaters.map((d, i) => (i === index ? e.target.value : d)) })}
                      />
                    </div>
                  ))}
                  {canEdit && team.debaters.length < 8 ? (
                    <button type="button" className="btn btn--ghost btn--sm" onClick={() => patch(side, { debaters: [...team.debaters, ''] })}>
                      {tt.addDebater}
                    </button>
                  ) : null}
                </fieldset>
              </div>
            </Section>
          );
        })}
      </div>
      {canEdit ? <SaveBar saving={save.isPending} label={t.save} savingLabel={t.saving} /> : null}
    </form>
  );
}

/** `teams`: 正方/反方 names, schools and debaters by position. */
export function TeamsPage() {
  return <ManageFrame page="teams">{(context) => <TeamsEditor key={context.timer.id} {...context} />}</ManageFrame>;
}
