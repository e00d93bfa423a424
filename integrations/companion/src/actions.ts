import type { CompanionActionDefinitions } from '@companion-module/base';
import type { BianshiController, Command } from './controller';

/** A button press that only sends one command. */
function simple(name: string, command: Command, send: (command: Command) => Promise<void>) {
  return { name, options: [], callback: () => send(command) };
}

/**
 * The module's actions: each sends one command of `/api/v1/timers/:id/commands`. A refusal
 * (wrong key, a command the stage does not allow) is logged with the hub's Chinese message.
 */
export function actionDefinitions(
  controller: Pick<BianshiController, 'send'>,
  log: (message: string) => void,
): CompanionActionDefinitions {
  const send = async (command: Command) => {
    try {
      await controller.send(command);
    } catch (error) {
      log(`命令未执行（${command.type}）：${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return {
    toggle: simple('开始/暂停', { type: 'toggle' }, send),
    start: simple('开始', { type: 'start' }, send),
    pause: simple('暂停', { type: 'pause' }, send),
    next: simple('下一环节', { type: 'next' }, send),
    previous: simple('上一环节', { type: 'prev' }, send),
    switch_side: simple('切换发言方（双钟环节）', { type: 'switchSide' }, send),
    reset_stage: simple('重置本环节', { type: 'resetStage' }, send),
    adjust: {
      name: '加减时间',
      options: [
        {
          type: 'number',
          id: 'seconds',
          label: '秒（正数加时间，负数减时间）',
          default: 10,
          min: -3600,
          max: 3600,
        },
      ],
      callback: (action) =>
        send({ type: 'adjust', deltaMs: Math.round(Number(action.options.seconds ?? 0) * 1000) }),
    },
    bell: {
      name: '响铃',
      options: [{ type: 'number', id: 'count', label: '响几声', default: 1, min: 1, max: 10 }],
      callback: (action) => send({ type: 'ringBell', count: Math.round(Number(action.options.count ?? 1)) }),
    },
    message: {
      name: '大屏消息',
      options: [{ type: 'textinput', id: 'text', label: '消息', default: '请保持安静', useVariables: true }],
      callback: async (action, context) => {
        const text = (await context.parseVariablesInString(String(action.options.text ?? ''))).trim();
        if (text) await send({ type: 'overlay', action: 'message', text });
      },
    },
    blackout: {
      name: '黑屏',
      options: [
        {
          type: 'dropdown',
          id: 'mode',
          label: '操作',
          default: 'on',
          choices: [
            { id: 'on', label: '黑屏' },
            { id: 'off', label: '取消黑屏' },
          ],
        },
      ],
      callback: (action) => send({ type: 'overlay', action: 'blackout', on: action.options.mode !== 'off' }),
    },
    clear_overlay: simple('清除大屏消息与黑屏', { type: 'overlay', action: 'clear' }, send),
  };
}
