import { Fragment } from 'react';

/**
 * A projection name like `assignments.results_by_student` allowed to wrap after its dots and
 * underscores, so narrow columns break it between words rather than mid-word.
 */
export function ProjectionName({ name }: { name: string }) {
  const parts = name.split(/(?<=[._])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}
