/**
 * Operations whose 2xx answer is still documented as free-form JSON (the platform's default,
 * services/src/platform/http/undescribed-answers.ts), from before the routes described their answers.
 * This list only shrinks: describe a route's answer (`response` in its schema, envelopes from
 * events/src/contracts/answers.ts) and take it off. New routes never go here.
 */
export const answersNotDescribedYet: readonly string[] = [
  'POST /api/assignments/{id}/suspend.json',
  'POST /api/assignments/{id}/resume.json',
  'POST /api/assignments/{id}/finish.json',
  'POST /api/assignments/{id}/clone.json',
  'POST /api/assignments/{id}/students/{studentId}/finish.json',
  'POST /api/assignments/{id}/students/{studentId}/restore.json',
  'POST /api/assignments/{id}/students/{studentId}/reset-time.json',
  'POST /api/assignments/{id}/students/{studentId}/time.json',
  'POST /api/assignment-attempts/{id}/finish.json',
  'GET /api/assignments/{id}/launch-link.json',
  'POST /api/assignments/{id}/launch-link.json',
  'DELETE /api/assignments/{id}/launch-link.json',
  'POST /api/assignments/{id}/launch-link/renew.json',
  'GET /api/assignment-links/{token}',
  'GET /api/assignment-links/code/{code}',
  'GET /api/assignment-links/{token}/preview.json',
  'GET /api/ai-reports/{id}/thumbs/{file}',
  'POST /api/ai-reports/{id}/rerun',
  'POST /api/ai-reports/request.json',
  'GET /api/webinars',
  'POST /api/webinars',
  'GET /api/webinars/{id}',
  'PUT /api/webinars/{id}',
  'DELETE /api/webinars/{id}',
  'POST /api/webinars/{id}/end.json',
  'GET /api/assignments/{id}/webinar.json',
];
