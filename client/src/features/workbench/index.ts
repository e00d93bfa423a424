/** 备赛工作台: projects, collaborative documents (rich text, 资料卡, 攻防问答), members and invites. */
export { WorkbenchIndexPage } from './components/workbench-index-page';
export { WorkbenchProjectPage } from './components/workbench-project-page';
export { WorkbenchInvitePage } from './components/workbench-invite-page';
