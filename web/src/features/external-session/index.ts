export { CameraPage } from './components/camera-page';
export { UploadPage } from './components/upload-page';
