import { SIDE_IDS, type SideId } from '@bianshi/shared';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useLibraryDebaters, useLibrarySchools, useLibraryTeams } from '../../../lib/api/library-lookup';
import { useUpdateSettings } from '../api/update-settings';
import { Field, SaveBar, Section, type FieldControlProps } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { saveToast } from '../hooks/use-save-toast';
import { useFieldIssues } from '../hooks/use-field-issues';

const t = manageText;
const tt = t.teams;

/** One team as the teams page edits it (the hub checks the same limits). */
export const teamFormSchema = z.object({
  name: z.string().max(80),
  school: z.string().max(80),
  debaters: z.array(z.string().max(40)).max(8),
  teamId: z.string().max(64).nullable().optional(),
  schoolId: z.string().max(64).nullable().optional(),
});
type TeamForm = z.infer<typeof teamFormSchema>;

function readTeam(value: unknown): TeamForm {
  const parsed = teamFormSchema.partial().safeParse(value ?? {});
  const team = parsed.success ? parsed.data : {};
  const debaters = team.debaters ?? [];
  return {
    name: team.name ?? '',
    school: team.school ?? '',
    debaters: debaters.length >= 4 ? debaters : [...debaters, ...Array(4 - debaters.length).fill('')],
    teamId: team.teamId ?? null,
    schoolId: team.schoolId ?? null,
  };
}

function TeamsEditor({ timer, canEdit }: ManageContext) {
  const saved = (timer.settings.teams ?? {}) as Partial<Record<SideId, unknown>>;
  const [teams, setTeams] = useState<Record<SideId, TeamForm>>(() => ({
    aff: readTeam(saved.aff),
    neg: readTeam(saved.neg),
  }));
  const save = useUpdateSettings();
  const issues = useFieldIssues();
  const [debaterQuery, setDebaterQuery] = useState('');
  const debaterOptions = useLibraryDebaters(debaterQuery);
  const patch = (side: SideId, value: Partial<TeamForm>) => {
    setTeams((all) => ({ ...all, [side]: { ...all[side], ...value } }));
    for (const field of Object.keys(value)) issues.clear(`${side}.${field}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = (team: TeamForm) => {
      const debaters = team.debaters.map((d) => d.trim());
      while (debaters.length > 0 && debaters[debaters.length - 1] === '') debaters.pop();
      return {
        name: team.name.trim(),
        school: team.school.trim(),
        debaters,
        teamId: team.teamId ?? null,
        schoolId: team.schoolId ?? null,
      };
    };
    save.mutate(
      { timerId: timer.id, section: 'teams', value: { aff: trimmed(teams.aff), neg: trimmed(teams.neg) } },
      { onSuccess: () => saveToast.ok(), onError: issues.refused },
    );
  };
  return (
    <form className="manage-stack" onSubmit={submit} noValidate>
      <div className="manage-columns">
        {SIDE_IDS.map((side) => {
          const team = teams[side];
          return (
            <Section key={side} title={tt.sides[side]}>
              <div className="manage-form" data-side={side}>
                {canEdit ? <LibraryTeamPicker side={side} onPick={(value) => patch(side, value)} /> : null}
                <Field label={tt.name} error={issues.of(`${side}.name`)}>
                  {(_id, control) => (
                    <input
                      {...control}
                      className="input"
                      value={team.name}
                      maxLength={80}
                      disabled={!canEdit}
                      onChange={(e) => patch(side, { name: e.target.value, teamId: null })}
                    />
                  )}
                </Field>
                <Field label={tt.school} error={issues.of(`${side}.school`)}>
                  {(_id, control) => (
                    <SchoolInput
                      control={control}
                      side={side}
                      value={team.school}
                      disabled={!canEdit}
                      onChange={(school, schoolId) => patch(side, { school, schoolId })}
                    />
                  )}
                </Field>
                <fieldset className="manage-debaters">
                  <legend className="manage-field__label">{tt.debaters}</legend>
                  {team.debaters.map((debater, index) => (
                    <div
                      key={index}
                      className="manage-debater"
                      data-invalid={issues.of(`${side}.debaters.${index}`) ? true : undefined}
                    >
                      <span className="manage-debater__pos">{tt.position[index]}</span>
                      <input
                        className="input"
                        list={`debaters-${side}`}
                        onFocus={() => setDebaterQuery(debater)}
                        aria-label={`${tt.sides[side]}${tt.position[index]}`}
                        aria-invalid={issues.of(`${side}.debaters.${index}`) ? true : undefined}
                        title={issues.of(`${side}.debaters.${index}`)}
                        value={debater}
                        maxLength={40}
                        disabled={!canEdit}
                        onChange={(e) => {
                          setDebaterQuery(e.target.value);
                          patch(side, {
                            debaters: team.debaters.map((d, i) => (i === index ? e.target.value : d)),
                          });
                        }}
                      />
                    </div>
                  ))}
                  {issues.of(`${side}.debaters`) ? (
                    <span className="manage-field__error" role="alert" data-testid="field-error">
                      {issues.of(`${side}.debaters`)}
                    </span>
                  ) : null}
                  <datalist id={`debaters-${side}`}>
                    {(debaterOptions.data ?? []).map((option) => (
                      <option key={option.id} value={option.name}>
                        {option.schoolName ?? ''}
                      </option>
                    ))}
                  </datalist>
                  {canEdit && team.debaters.length < 8 ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() => patch(side, { debaters: [...team.debaters, ''] })}
                    >
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

/** Picks a team of the library: fills its name, school, debaters by position and the library links. */
function LibraryTeamPicker({ side, onPick }: { side: SideId; onPick: (team: Partial<TeamForm>) => void }) {
  const [query, setQuery] = useState('');
  const teams = useLibraryTeams(query);
  const label = (team: { name: string; schoolName: string; season: string }) =>
    `${team.name}（${team.schoolName} · ${team.season}）`;
  const pick = (value: string) => {
    setQuery(value);
    const team = teams.data?.find((candidate) => label(candidate) === value);
    if (!team) return;
    const debaters = Array.from(
      { length: Math.max(4, ...team.members.map((member) => member.position)) },
      (_, index) => team.members.find((member) => member.position === index + 1)?.name ?? '',
    );
    onPick({ name: team.name, school: team.schoolName, schoolId: team.schoolId, teamId: team.id, debaters });
    setQuery('');
  };
  return (
    <Field label={tt.pickFromLibrary}>
      {(id) => (
        <>
          <input
            id={id}
            className="input"
            list={`library-teams-${side}`}
            value={query}
            placeholder={tt.pickPlaceholder}
            onChange={(e) => pick(e.target.value)}
            data-testid={`team-picker-${side}`}
          />
          <datalist id={`library-teams-${side}`}>
            {(teams.data ?? []).map((team) => (
              <option key={team.id} value={label(team)} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** The school field, suggesting library schools; choosing one links it (typing clears the link). */
function SchoolInput({
  control,
  side,
  value,
  disabled,
  onChange,
}: {
  control: FieldControlProps;
  side: SideId;
  value: string;
  disabled: boolean;
  onChange: (school: string, schoolId: string | null) => void;
}) {
  const schools = useLibrarySchools(value);
  return (
    <>
      <input
        {...control}
        className="input"
        list={`library-schools-${side}`}
        value={value}
        maxLength={80}
        disabled={disabled}
        onChange={(e) =>
          onChange(e.target.value, schools.data?.find((school) => school.name === e.target.value)?.id ?? null)
        }
      />
      <datalist id={`library-schools-${side}`}>
        {(schools.data ?? []).map((school) => (
          <option key={school.id} value={school.name}>
            {school.region}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** `teams`: 正方/反方 names, schools and debaters by position. */
export function TeamsPage() {
  return (
    <ManageFrame page="teams">{(context) => <TeamsEditor key={context.timer.id} {...context} />}</ManageFrame>
  );
}
