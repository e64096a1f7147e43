import { accessMatrix, ACCESS_COLLECTIONS } from './access-matrix';

/** The access matrix (access-matrix.ts) over the assignments context's collections. */
accessMatrix(ACCESS_COLLECTIONS.assignments);
