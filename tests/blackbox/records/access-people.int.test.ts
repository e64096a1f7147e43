import { accessMatrix, ACCESS_COLLECTIONS } from './access-matrix';

/** The access matrix (access-matrix.ts) over the people collections (users, students, teachers, proctors). */
accessMatrix(ACCESS_COLLECTIONS.people);
