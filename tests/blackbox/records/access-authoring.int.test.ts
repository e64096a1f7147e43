import { accessMatrix, ACCESS_COLLECTIONS } from './access-matrix';

/** The access matrix (access-matrix.ts) over the authoring context's collections (lessons, quizzes, courses and their parts). */
accessMatrix(ACCESS_COLLECTIONS.authoring);
