import type { Format } from '@bianshi/shared';
import { useState, type ChangeEvent } from 'react';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { timerConfigFileSchema, useImportConfig, type TimerConfigFile } from '../api/import-config';
import { Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { OfflineTimer } from '../components/offline-timer';
import { saveToast } from '../hooks/use-save-toast';
import { useInstall } from '../hooks/use-install';
import { downloadText } from '../../../lib/browser/download';

const t = manageText.offline;

function OfflineView({ timer, canEdit }: ManageContext) {
  const [localMode, setLocalMode] = useState(false);
  const { canInstall, install, ready } = useInstall();
  const importConfig = useImportConfig();
  const exportConfig = () => {
    const { schedule: _schedule, ...settings } = timer.settings;
    const file: TimerConfigFile = {
      kind: 'bianshi-timer-config',
      version: 1,
      name: timer.name,
      format: timer.format,
      settings,
    };
    downloadText(`辩时配置-${timer.shortid}.json`, `${JSON.stringify(file, null, 2)}\n`, 'application/json');
  };
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let config: TimerConfigFile;
    try {
      config = timerConfigFileSchema.parse(JSON.parse(await file.text()));
    } catch (error) {
      toast.error(
        format(t.config.invalid, {
          message: error instanceof SyntaxError ? 'JSON 格式错误' : '不是辩时配置文件',
        }),
      );
      return;
    }
    importConfig.mutate(
      { timerId: timer.id, config },
      {
        onSuccess: (result) => {
          saveToast.ok(t.config.imported);
          if (result.skipped.length > 0)
            toast.warning(format(t.config.skipped, { list: result.skipped.join('、') }));
        },
        onError: saveToast.failed,
      },
    );
  };
  const publicTimer = {
    id: timer.id,
    shortid: timer.shortid,
    name: timer.name,
    description: timer.description,
    settings: timer.settings,
  };

  return (
    <div className="manage-stack">
      <Section title={t.local.title}>
        {localMode ? (
          <OfflineTimer
            timer={publicTimer}
            format={timer.format as Format}
            onExit={() => setLocalMode(false)}
          />
        ) : (
          <>
            <p className="manage-muted">{t.local.body}</p>
            <div className="manage-row">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => setLocalMode(true)}
                data-testid="offline-start"
              >
                {t.local.start}
              </button>
            </div>
          </>
        )}
      </Section>
      <Section title={t.install.title}>
        <p className="manage-muted">{t.install.body}</p>
        <div className="manage-row">
          {canInstall ? (
            <button type="button" className="btn btn--ghost" onClick={() => void install()}>
              {t.install.button}
            </button>
          ) : (
            <span className="manage-muted">{t.install.unsupported}</span>
          )}
          {ready ? <span className="manage-badge">{t.install.ready}</span> : null}
        </div>
      </Section>
      <Section title={t.lan.title}>
        <p className="manage-muted">{t.lan.body}</p>
        <ol className="manage-steps">
          {t.lan.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <pre className="manage-code">
          {'npm install\nnpm start\n# 其他屏幕打开 http://<笔记本的局域网 IP>:3000'}
        </pre>
      </Section>
      <Section title={t.config.title}>
        <p className="manage-muted">{t.config.body}</p>
        <div className="manage-row">
          <button type="button" className="btn btn--ghost" onClick={exportConfig} data-testid="config-export">
            {t.config.export}
          </button>
          {canEdit ? (
            <label className="btn btn--ghost manage-file">
              {t.config.import}
              <input
                type="file"
                accept="application/json,.json"
                onChange={(event) => void importFile(event)}
                data-testid="config-import"
              />
            </label>
          ) : null}
        </div>
      </Section>
    </div>
  );
}

/** `offline`: install as an app, single-device offline mode, a venue LAN hub, configuration files. */
export function OfflinePage() {
  return (
    <ManageFrame page="offline">
      {(context) => <OfflineView key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
