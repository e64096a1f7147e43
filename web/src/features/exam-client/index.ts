export { ExamPreparation, type ProctoredAssignment } from './components/exam-preparation';
export { ProctoredExam } from './components/proctored-exam';
export { requestExamFullscreen } from './model/fullscreen';
export { settingsOf } from './model/requirements';
