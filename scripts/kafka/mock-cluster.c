/*
 * A Kafka-protocol broker for tests and local runs, from librdkafka's mock cluster (no JVM needed).
 * Usage: mock-cluster [-b BROKERS] TOPIC:PARTITIONS...
 * Topics are created up front because the mock cluster refuses admin topic creation. Prints the
 * bootstrap servers as one line, then serves until stdin closes (the parent went away) or SIGTERM/SIGINT.
 */
#include <errno.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stopping = 0;

static void on_signal(int sig) {
  (void)sig;
  stopping = 1;
}

int main(int argc, char **argv) {
  int brokers = 1, first = 1;
  if (argc > 2 && strcmp(argv[1], "-b") == 0) {
    brokers = atoi(argv[2]);
    first = 3;
  }
  char errstr[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* The handle only hosts the cluster: its notice that it has no bootstrap servers is noise. */
  rd_kafka_conf_set(conf, "log_level", "4", errstr, sizeof errstr);
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof errstr);
  if (!rk || brokers < 1) {
    fprintf(stderr, "mock-cluster: %s\n", rk ? "broker count must be at least 1" : errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers);
  if (!cluster) {
    fprintf(stderr, "mock-cluster: could not start the mock cluster\n");
    return 1;
  }
  for (int i = first; i < argc; i++) {
    char *colon = strrchr(argv[i], ':');
    int partitions = colon ? atoi(colon + 1) : 1;
    if (colon) *colon = '\0';
    if (partitions < 1 || rd_kafka_mock_topic_create(cluster, argv[i], partitions, 1)) {
      fprintf(stderr, "mock-cluster: could not create topic '%s'\n", argv[i]);
      return 1;
    }
  }
  /* No SA_RESTART: a signal interrupts the blocking read below so the loop sees `stopping`. */
  struct sigaction action = {0};
  action.sa_handler = on_signal;
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGINT, &action, NULL);
  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);
  char buffer[256];
  while (!stopping) {
    ssize_t n = read(STDIN_FILENO, buffer, sizeof buffer);
    if (n == 0 || (n < 0 && errno != EINTR)) break;
  }
  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
