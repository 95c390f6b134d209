import { messageSchema, ServiceApiDocument, uuidParams } from '@wildframe/platform';
import { addPreferencesApi } from './preferences';
import { z } from 'zod';
import { adminPlanBody, changePasswordBody, forgotPasswordBody, loginBody, profileBody, resetPasswordBody, securityQuestionsBody, signupBody, verifyAnswersBody } from './dto/auth.dto';
import {
  adminUserViewSchema,
  forgotPasswordResultSchema,
  publicUserSchema,
  questionOptionsSchema,
  securityQuestionsStatusSchema,
  signedInSchema,
  verifyAnswersResultSchema,
} from './dto/auth.responses';
import { AVATAR_MAX_BYTES } from './use-cases/avatars.service';

/** The auth service's public HTTP API, from the schemas its controllers validate with. */
export function authApiDocument(): ServiceApiDocument {
  const id = uuidParams('id');
  const document = new ServiceApiDocument('auth', 'Accounts, sessions, security questions, profile and avatar; admin user management')
    .add({ method: 'post', path: '/api/auth/signup', operationId: 'signup', summary: 'Create a free (explorer) account and sign in', access: 'public', body: signupBody, response: { status: 201, description: 'Signed in', json: signedInSchema }, errors: [409, 429] })
    .add({ method: 'post', path: '/api/auth/login', operationId: 'login', summary: 'Sign in with e-mail and password', access: 'public', body: loginBody, response: { status: 200, description: 'Signed in', json: signedInSchema }, errors: [401, 403, 423, 429, 503] })
    .add({ method: 'post', path: '/api/auth/logout', operationId: 'logout', summary: 'End the current session', access: 'user', response: { status: 200, description: 'Signed out', json: messageSchema } })
    .add({ method: 'get', path: '/api/auth/user', operationId: 'getCurrentUser', summary: 'The signed-in user, with plan', access: 'user', response: { status: 200, description: 'The user', json: publicUserSchema } })
    .add({ method: 'get', path: '/api/auth/security-questions/options', operationId: 'getSecurityQuestionOptions', summary: 'The security questions to choose from', access: 'public', response: { status: 200, description: 'Questions', json: questionOptionsSchema } })
    .add({ method: 'post', path: '/api/auth/forgot-password', operationId: 'forgotPassword', summary: 'Start password recovery: the account’s security questions (never confirms which e-mails exist)', access: 'public', body: forgotPasswordBody, response: { status: 200, description: 'Questions or a notice', json: forgotPasswordResultSchema }, errors: [429, 503] })
    .add({ method: 'post', path: '/api/auth/verify-security-answers', operationId: 'verifySecurityAnswers', summary: 'Check the answers; returns a single-use reset token', access: 'public', body: verifyAnswersBody, response: { status: 200, description: 'Answers correct', json: verifyAnswersResultSchema }, errors: [401, 429, 503] })
    .add({ method: 'post', path: '/api/auth/reset-password', operationId: 'resetPassword', summary: 'Set a new password with the reset token', access: 'public', body: resetPasswordBody, response: { status: 200, description: 'Password changed', json: messageSchema }, errors: [401, 429, 503] })
    .add({ method: 'get', path: '/api/user/security-questions', operationId: 'getSecurityQuestions', summary: 'Whether the signed-in user has security questions, and which', access: 'user', response: { status: 200, description: 'Status', json: securityQuestionsStatusSchema } })
    .add({ method: 'post', path: '/api/user/security-questions', operationId: 'saveSecurityQuestions', summary: 'Set the three security questions and answers', access: 'user', body: securityQuestionsBody, response: { status: 200, description: 'Saved', json: messageSchema }, errors: [423, 429, 503] })
    .add({ method: 'put', path: '/api/user/profile', operationId: 'updateProfile', summary: 'Change name and e-mail (a new e-mail needs the current password)', access: 'user', body: profileBody, response: { status: 200, description: 'The updated user', json: publicUserSchema }, errors: [409, 423, 429, 503] })
    .add({ method: 'post', path: '/api/user/password', operationId: 'changePassword', summary: 'Change the password (needs the current one); signs out the other sessions', access: 'user', body: changePasswordBody, response: { status: 200, description: 'Changed', json: messageSchema }, errors: [423, 429, 503] })
    .add({
      method: 'post',
      path: '/api/user/avatar',
      operationId: 'uploadAvatar',
      summary: `Replace the profile photo (JPEG, PNG, WebP, GIF or HEIC; up to ${AVATAR_MAX_BYTES / 1024 / 1024} MB)`,
      access: 'user',
      form: z.object({ avatar: z.string().meta({ format: 'binary' }) }),
      response: { status: 200, description: 'The updated user', json: publicUserSchema },
      // 422 also when the image needs more time or memory to decode than a worker is given; 503 when the workers' queue is full.
      errors: [422, 503],
    })
    .add({ method: 'get', path: '/api/users/{id}/avatar', operationId: 'getAvatar', summary: 'A user’s profile photo', access: 'public', params: id, response: { status: 200, description: 'The image', binary: ['image/webp'] } })
    .add({ method: 'get', path: '/api/admin/users', operationId: 'adminListUsers', summary: 'Every account', access: 'admin', response: { status: 200, description: 'Users', json: z.array(adminUserViewSchema) } })
    .add({ method: 'patch', path: '/api/admin/users/{id}/plan', operationId: 'adminChangePlan', summary: 'Set a user’s plan (ends a paid subscription)', access: 'admin', params: id, body: adminPlanBody, response: { status: 200, description: 'The updated user', json: adminUserViewSchema } })
    .add({ method: 'delete', path: '/api/admin/users/{id}', operationId: 'adminDeleteUser', summary: 'Delete an account with its photos', access: 'admin', params: id, response: { status: 200, description: 'Deleted', json: messageSchema } });
  return addPreferencesApi(document);
}
