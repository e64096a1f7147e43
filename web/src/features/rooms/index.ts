export { RoomCreatePage, RoomsListPage, RoomViewPage } from './components/room-pages';
