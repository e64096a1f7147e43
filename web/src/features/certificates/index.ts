export { MyCertificatesPage } from './components/my-certificates-page';
export { CertificateCell } from './components/certificate-cell';
export { assignmentCertificatesQuery } from './api';
export { certificatesByStudent } from './model';
export { TemplatesListPage } from './components/templates-list-page';
export { CourseCertificatesPage } from './components/course-certificates-page';
