// The scheduler's error catalogue.

import { AppError } from '@keel/kit';

export class TaskNotFoundError extends AppError {
  constructor({ id }: { id: string }) {
    super({ code: 'task_not_found', status: 404, message: `no task with id '${id}'` });
  }
}

export class TaskAlreadyDeliveredError extends AppError {
  constructor({ id }: { id: string }) {
    super({ code: 'task_delivered', status: 409, message: `task '${id}' was already delivered and cannot be deleted` });
  }
}

export class InvalidQueryError extends AppError {
  constructor({ parameter, message }: { parameter: string; message: string }) {
    super({ code: 'invalid_query', status: 400, message: `${parameter}: ${message}`, details: { parameter } });
  }
}
