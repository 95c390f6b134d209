// The Helm chart's topics Job runs this in the gateway image (see runKafkaTopicsJob for the
// variables). Its own entry point, not the platform's index: the Job loads kafkajs and its config
// only, and stays well inside the Job's memory limit.
import { runKafkaTopicsJob } from '@wildframe/platform/kafka-topics-job';

void runKafkaTopicsJob(process.env).then((code) => process.exit(code));
