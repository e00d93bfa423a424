/** The debate library: 辩题库 (/topic), 学校 (/schools) and 比赛记录 (/record). */
export { TopicsPage } from './components/topics-page';
export { TopicGroupPage } from './components/topic-group-page';
export { SchoolsPage } from './components/schools-page';
export { SchoolPage } from './components/school-page';
export { RecordsPage } from './components/records-page';
export { RecordPage } from './components/record-page';
export { TopicReviewPage } from './components/review-page';
