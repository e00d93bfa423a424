/** The AI area: /ai/contact (docs assistant), /ai/ccf (case outlines), /admin/ai (feedback). */
import './ai.css';

export { AiContactPage } from './components/contact-page';
export { AiCcfPage } from './components/ccf-page';
export { AiFeedbackAdminPage } from './components/feedback-admin-page';
