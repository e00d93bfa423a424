/**
 * 辩时 Bianshi for Bitfocus Companion: the module's entry. Companion starts it as a child
 * process (`runEntrypoint`); the instance only wires Companion to the controller.
 */
import {
  InstanceBase,
  InstanceStatus,
  runEntrypoint,
  type SomeCompanionConfigField,
} from '@companion-module/base';
import { actionDefinitions } from './actions';
import { configFields, type ModuleConfig } from './config';
import { BianshiController } from './controller';
import { FEEDBACK_IDS, feedbackDefinitions } from './feedbacks';
import { VARIABLES, variableValues } from './variables';

const STATUS = {
  connecting: InstanceStatus.Connecting,
  ok: InstanceStatus.Ok,
  error: InstanceStatus.ConnectionFailure,
} as const;

class BianshiInstance extends InstanceBase<ModuleConfig> {
  private controller: BianshiController | null = null;

  async init(config: ModuleConfig): Promise<void> {
    await this.configUpdated(config);
  }

  async configUpdated(config: ModuleConfig): Promise<void> {
    this.controller?.stop();
    if (!config.hubUrl || !config.timerId) {
      this.updateStatus(InstanceStatus.BadConfig, '请填写服务器地址与计时器 ID');
      return;
    }
    const controller = new BianshiController(config, {
      onReading: (source) => {
        this.setVariableValues(variableValues(source));
        this.checkFeedbacks(...FEEDBACK_IDS);
      },
      onStatus: (status, message) => this.updateStatus(STATUS[status], message ?? null),
      log: (level, message) => this.log(level, message),
    });
    this.controller = controller;
    this.setActionDefinitions(actionDefinitions(controller, (message) => this.log('warn', message)));
    this.setFeedbackDefinitions(feedbackDefinitions(controller));
    this.setVariableDefinitions(VARIABLES);
    controller.start();
  }

  async destroy(): Promise<void> {
    this.controller?.stop();
    this.controller = null;
  }

  getConfigFields(): SomeCompanionConfigField[] {
    return configFields();
  }
}

runEntrypoint(BianshiInstance, []);
